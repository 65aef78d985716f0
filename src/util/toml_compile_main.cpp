// pdo_toml_compile IN OUT: parses the TOML file IN with pdo's TOML reader and writes its compiled tree to
// OUT (see compile_toml in util/toml_doc.hpp). Run at build time for the embedded course and secret
// rules; a syntax error stops the build with file:line.
#include <fstream>
#include <iostream>
#include <string>

#include "util/toml_doc.hpp"
#include "util/tool_input.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: pdo_toml_compile IN OUT NAME (NAME: the file's name in messages)\n";
    return 2;
  }
  const auto text = pdo::util::read_tool_input(argv[1]);
  if (!text) {
    std::cerr << "pdo_toml_compile: cannot read " << argv[1] << "\n";
    return 1;
  }
  pdo::util::TomlDoc doc(*text, argv[3]);
  if (doc.failed()) {
    std::cerr << "pdo_toml_compile: " << doc.problem() << "\n";
    return 1;
  }
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  out << pdo::util::compile_toml(doc.tree());
  out.close();
  if (!out) {
    std::cerr << "pdo_toml_compile: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
