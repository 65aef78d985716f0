// pdo_toml_compile IN OUT: parses the TOML file IN with pdo's TOML reader and writes its compiled tree to
// OUT (see compile_toml in util/toml_doc.hpp). Run at build time for the embedded course and secret
// rules; a syntax error stops the build with file:line.
#include <fstream>
#include <iostream>
#include <string>

#include "util/toml_doc.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: pdo_toml_compile IN OUT NAME (NAME: the file's name in messages)\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string text;
  char buffer[4096];  // chunks, not istreambuf_iterator (GCC's -Wnull-dereference at -O2)
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) text.append(buffer, static_cast<std::size_t>(in.gcount()));
  if (!in.eof()) {
    std::cerr << "pdo_toml_compile: cannot read " << argv[1] << "\n";
    return 1;
  }
  pdo::util::TomlDoc doc(text, argv[3]);
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
