# The README's code blocks as tests, extracted from README.md itself at configure time so that the
# README and the tests cannot drift apart. A block is marked by an HTML comment (invisible on
# GitHub) on the line before its opening fence:
#   <!-- snippet: NAME -->   (C++) compiled into a function of its own and run as the ctest case
#                            readme_NAME_<Backend>, on every backend; the names it uses without
#                            declaring them (ExecSpace, space, n, a, b, ...) come from
#                            unit_tests/readme/ReadmeContext.hpp
#   <!-- file: PATH -->      (any language) a copy of PATH, relative to the README, which another
#                            test builds; the two must be identical
#   <!-- commands: NAME -->  (shell) written to COMMANDS_DIR/NAME.sh for a test to run as it is
# Every C++ block must be a snippet or a file copy. An unmarked C++ block, a name used twice, a copy
# that differs from its file, or a REQUIRE'd snippet or REQUIRE_COMMANDS block that is missing stops
# the configure step, naming the README line at fault.
#
#   kokkostile_readme_snippets(README <README.md> OUTPUT <generated .cpp> NAMES_VAR <var>
#                              [COMMANDS_DIR <dir>] [REQUIRE <name>...]
#                              [REQUIRE_COMMANDS <name>...])
# writes the generated test source and the command files (each only when its content changes, so
# that an unrelated README edit rebuilds nothing) and sets <var> to the snippet names in README
# order. README.md and the copied files are configure dependencies: editing them re-extracts.

function(kokkostile_readme_snippets)
  cmake_parse_arguments(arg "" "README;OUTPUT;NAMES_VAR;COMMANDS_DIR" "REQUIRE;REQUIRE_COMMANDS"
                        ${ARGN})
  foreach(required README OUTPUT NAMES_VAR)
    if(NOT arg_${required})
      message(FATAL_ERROR "kokkostile_readme_snippets: ${required} is not set")
    endif()
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${arg_README}")
  get_filename_component(readme_dir "${arg_README}" DIRECTORY)
  file(READ "${arg_README}" text)

  set(names "")
  set(command_blocks "")
  set(functions "")
  set(tests "")
  set(generated_lines 12)  # the lines of the generated file before the first function
  set(rest "${text}")
  set(rest_offset 0)  # where `rest` starts in `text`
  while(TRUE)
    # The next fence at the start of a line.
    string(FIND "${rest}" "\n```" fence)
    if(fence EQUAL -1)
      break()
    endif()
    math(EXPR fence "${fence} + 1")
    string(SUBSTRING "${rest}" ${fence} -1 from_fence)
    string(FIND "${from_fence}" "\n" eol)
    if(eol EQUAL -1)
      message(FATAL_ERROR "${arg_README}: a code block opens on the last line")
    endif()
    math(EXPR info_length "${eol} - 3")
    string(SUBSTRING "${from_fence}" 3 ${info_length} info)
    string(STRIP "${info}" info)
    # Its body: up to the closing fence.
    string(SUBSTRING "${from_fence}" ${eol} -1 from_eol)
    string(FIND "${from_eol}" "\n```" close)
    math(EXPR body_offset "${rest_offset} + ${fence} + ${eol} + 1")
    string(SUBSTRING "${text}" 0 ${body_offset} before_body)
    string(REGEX MATCHALL "\n" newlines "${before_body}")
    list(LENGTH newlines body_line)
    math(EXPR body_line "${body_line} + 1")
    if(close EQUAL -1)
      message(FATAL_ERROR "${arg_README}:${body_line}: a code block is never closed")
    endif()
    if(close EQUAL 0)
      set(body "")
    else()
      math(EXPR body_length "${close} - 1")
      string(SUBSTRING "${from_eol}" 1 ${body_length} body)
    endif()
    math(EXPR fence_line "${body_line} - 1")

    # The marker: the last non-blank line before the fence.
    math(EXPR fence_offset "${rest_offset} + ${fence}")
    string(SUBSTRING "${text}" 0 ${fence_offset} before_fence)
    string(STRIP "${before_fence}" before_fence)
    string(FIND "${before_fence}" "\n" last_newline REVERSE)
    math(EXPR last_newline "${last_newline} + 1")
    string(SUBSTRING "${before_fence}" ${last_newline} -1 marker)
    string(STRIP "${marker}" marker)
    set(is_cpp FALSE)
    if(info MATCHES "^(cpp|c\\+\\+|C\\+\\+|cxx)$")
      set(is_cpp TRUE)
    endif()

    if(is_cpp AND marker MATCHES "^<!-- snippet: ([A-Za-z0-9_]+) -->$")
      set(name "${CMAKE_MATCH_1}")
      if(name IN_LIST names)
        message(FATAL_ERROR "${arg_README}:${fence_line}: a second snippet named '${name}'")
      endif()
      list(APPEND names "${name}")
      # The function: the context, then the snippet as written (compiler messages name the
      # README's lines), then a fence so that asynchronous work fails inside the test.
      string(REGEX MATCHALL "\n" body_newlines "${body}\n")
      list(LENGTH body_newlines body_lines)
      math(EXPR after_body "${generated_lines} + 5 + ${body_lines} + 2")
      string(APPEND functions
             "void snippet_${name}() {\n"
             "  const Context context;\n"
             "  KOKKOSTILE_README_CONTEXT(context)\n"
             "  // README.md, snippet '${name}':\n"
             "#line ${body_line} \"${arg_README}\"\n"
             "${body}\n"
             "#line ${after_body} \"${arg_OUTPUT}\"\n"
             "  Kokkos::fence(\"KokkosTileReadme: after snippet '${name}'\");\n"
             "}\n\n")
      math(EXPR generated_lines "${generated_lines} + 5 + ${body_lines} + 4")
      string(APPEND tests "TEST(ReadmeSnippet, ${name}) { KokkosTileReadme::snippet_${name}(); }\n")
    elseif(marker MATCHES "^<!-- file: ([^ ]+) -->$")
      set(copy_name "${CMAKE_MATCH_1}")
      set(copy_of "${readme_dir}/${copy_name}")
      if(NOT EXISTS "${copy_of}")
        message(FATAL_ERROR "${arg_README}:${fence_line}: the block is marked as a copy of "
                            "${copy_name}, which does not exist")
      endif()
      set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${copy_of}")
      file(READ "${copy_of}" original)
      string(REGEX REPLACE "\n+$" "" original "${original}")
      if(NOT body STREQUAL original)
        message(FATAL_ERROR "${arg_README}:${body_line}: this block must be a copy of "
                            "${copy_name} (marked so on line ${fence_line}), and it differs: "
                            "copy the file into the README again")
      endif()
    elseif(NOT is_cpp AND marker MATCHES "^<!-- commands: ([A-Za-z0-9_-]+) -->$")
      set(name "${CMAKE_MATCH_1}")
      if(name IN_LIST command_blocks)
        message(FATAL_ERROR "${arg_README}:${fence_line}: a second command block named '${name}'")
      endif()
      if(NOT arg_COMMANDS_DIR)
        message(FATAL_ERROR "kokkostile_readme_snippets: command blocks need COMMANDS_DIR")
      endif()
      list(APPEND command_blocks "${name}")
      file(WRITE "${arg_COMMANDS_DIR}/${name}.sh.new"
           "# README.md line ${body_line}, the block marked '<!-- commands: ${name} -->'.\n"
           "${body}\n")
      configure_file("${arg_COMMANDS_DIR}/${name}.sh.new" "${arg_COMMANDS_DIR}/${name}.sh" COPYONLY)
      file(REMOVE "${arg_COMMANDS_DIR}/${name}.sh.new")
    elseif(is_cpp)
      message(FATAL_ERROR
              "${arg_README}:${fence_line}: a C++ block without a marker. Put "
              "'<!-- snippet: NAME -->' on the line before it, and the test readme_NAME_<Backend> "
              "will compile and run it (names it uses without declaring come from "
              "unit_tests/readme/ReadmeContext.hpp), or '<!-- file: PATH -->' if it is a copy of "
              "a file that another test builds.")
    endif()

    # Past the closing fence.
    math(EXPR next "${fence} + ${eol} + ${close} + 4")
    string(LENGTH "${rest}" rest_length)
    if(next GREATER_EQUAL rest_length)
      break()
    endif()
    string(SUBSTRING "${rest}" ${next} -1 rest)
    math(EXPR rest_offset "${rest_offset} + ${next}")
  endwhile()

  foreach(name IN LISTS arg_REQUIRE_COMMANDS)
    if(NOT name IN_LIST command_blocks)
      message(FATAL_ERROR "${arg_README}: no command block marked '<!-- commands: ${name} -->'; "
                          "the README tests expect it (unit_tests/CMakeLists.txt)")
    endif()
  endforeach()
  foreach(name IN LISTS arg_REQUIRE)
    if(NOT name IN_LIST names)
      message(FATAL_ERROR "${arg_README}: no snippet marked '<!-- snippet: ${name} -->'; the README "
                          "tests expect it (unit_tests/CMakeLists.txt)")
    endif()
  endforeach()

  string(CONCAT generated
         "// Generated from README.md by unit_tests/readme/ReadmeSnippets.cmake at configure time:\n"
         "// edit the README, not this file. Each snippet marked <!-- snippet: NAME --> becomes\n"
         "// snippet_NAME() and the test ReadmeSnippet.NAME; ReadmeContext.hpp declares what the\n"
         "// snippets use without declaring it.\n"
         "#include \"ReadmeContext.hpp\"\n"
         "\n"
         "#include <gtest/gtest.h>\n"
         "\n"
         "namespace KokkosTileReadme {\n"
         "\n"
         "// Snippets, in README order.\n"
         "\n"
         "${functions}"
         "}  // namespace KokkosTileReadme\n"
         "\n"
         "${tests}")
  file(WRITE "${arg_OUTPUT}.new" "${generated}")
  configure_file("${arg_OUTPUT}.new" "${arg_OUTPUT}" COPYONLY)
  file(REMOVE "${arg_OUTPUT}.new")
  set(${arg_NAMES_VAR} "${names}" PARENT_SCOPE)
endfunction()
