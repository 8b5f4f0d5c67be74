/* The const variables of consts.c, by their external linkage. */
extern const int limit;
extern const double coef[3];

int from_other_file(void) { return limit * 2 + (int)coef[2]; }
