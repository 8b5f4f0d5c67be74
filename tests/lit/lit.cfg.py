# lit configuration of the generated-code tests.
import os
import lit.formats

config.name = "omp2cu"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp"]
config.test_source_root = config.test_source
config.test_exec_root = os.path.join(os.path.dirname(__file__))
config.excludes = ["Inputs"]
config.substitutions.append(("%omp2cu", os.path.join(config.omp2cu_bin, "omp2cu")))
config.substitutions.append(("%runtime", config.runtime_include))
config.environment["PATH"] = os.pathsep.join([config.llvm_bin, config.environment.get("PATH", "")])
