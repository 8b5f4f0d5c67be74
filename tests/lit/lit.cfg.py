# lit configuration of the generated-code tests.
import os
import lit.formats

config.name = "omp2cu"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp"]
config.test_source_root = config.test_source
config.excludes = ["Inputs"]
# The tests check what the translator writes, not its layout: %omp2cu writes the generated code
# unformatted (--style=none), as the emitters make it; the tests of formatting (format/) use
# %omp2cu-styled, the tool as users run it (the input's style, else LLVM).
config.substitutions.append(("%omp2cu-styled", os.path.join(config.omp2cu_bin, "omp2cu")))
config.substitutions.append(("%omp2cu", os.path.join(config.omp2cu_bin, "omp2cu") + " --style=none"))
config.substitutions.append(("%runtime", config.runtime_include))
config.environment["PATH"] = os.pathsep.join([config.llvm_bin, config.environment.get("PATH", "")])
# The output keeps the input's comments, CHECK lines included: drop those
# before FileCheck reads it.
config.substitutions.append(("%nochecks", "grep -v -E '^// [A-Z-]+:'"))
