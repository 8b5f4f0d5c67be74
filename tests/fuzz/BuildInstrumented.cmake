# cmake -DSOURCE=... -DBINARY=... -DCXX=clang++ -DCC=clang -DLLVM_ROOT=... -P BuildInstrumented.cmake
# Configures and builds the instrumented translator (tests/fuzz/CMakeLists.txt): the fuzz target,
# the translator's unit tests and the runtime's host and data environment tests, built by clang with AddressSanitizer, UndefinedBehaviorSanitizer
# and libFuzzer's coverage, assertions on. Incremental: a second run rebuilds what changed.
set(flags "-O1 -g1 -fsanitize=address,undefined,fuzzer-no-link -fno-omit-frame-pointer")
# A build directory configured with another compiler: CMake would drop its cache and configure
# again without some of the settings below, so start it afresh.
if(EXISTS ${BINARY}/CMakeCache.txt)
  file(STRINGS ${BINARY}/CMakeCache.txt cached REGEX "^CMAKE_CXX_COMPILER:")
  if(NOT cached STREQUAL "CMAKE_CXX_COMPILER:FILEPATH=${CXX}" AND
     NOT cached STREQUAL "CMAKE_CXX_COMPILER:STRING=${CXX}")
    message(STATUS "${BINARY} was configured with another compiler (${cached}): configuring it afresh")
    file(REMOVE ${BINARY}/CMakeCache.txt)
    file(REMOVE_RECURSE ${BINARY}/CMakeFiles)
  endif()
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G Ninja -DCMAKE_BUILD_TYPE=Debug
          -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC} -DOMP2CU_LLVM_ROOT=${LLVM_ROOT}
          -DOMP2CU_INSTRUMENTED=ON "-DCMAKE_CXX_FLAGS=${flags}" "-DCMAKE_C_FLAGS=${flags}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the instrumented build in ${BINARY} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} --target omp2cu-fuzz translator_unit_tests
                        omp2cu_rt_host_tests omp2cu_rt_data_tests
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the instrumented translator in ${BINARY} failed")
endif()
