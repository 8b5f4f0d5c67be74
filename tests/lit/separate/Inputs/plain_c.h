// A plain C header of the user: its functions are C functions of other files.
#ifndef PLAIN_C_H
#define PLAIN_C_H
#include <stdio.h>
#include "cxx_aware.h"
double helper(double x);
#endif
