// Catch2 main for the runtime unit tests (compiled once).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
