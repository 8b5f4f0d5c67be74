# Writes OUT, a header with one string constant per template file in FILES
# (separated by |).
string(REPLACE "|" ";" FILES "${FILES}")
set(body "// Generated from templates/ by EmbedTemplates.cmake. Do not edit.\n#pragma once\nnamespace omp2cu::templates {\n")
foreach(f ${FILES})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} content)
  string(APPEND body "inline constexpr const char ${name}[] = R\"omp2cu_tmpl(${content})omp2cu_tmpl\";\n")
endforeach()
string(APPEND body "} // namespace omp2cu::templates\n")
file(WRITE ${OUT} "${body}")
