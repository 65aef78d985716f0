#include "cli/args.hpp"

#include <utility>

#include <CLI/CLI.hpp>

namespace pdo::cli {

Arg& Arg::required() {
  m_option->required();
  return *this;
}

Arg& Arg::type_name(const std::string& name) {
  m_option->type_name(name);
  return *this;
}

Arg& Arg::choices(const std::vector<std::string>& allowed) {
  m_option->check(CLI::IsMember(allowed));
  return *this;
}

Arg& Arg::check(std::function<std::string(std::string&)> check, const std::string& shown) {
  m_option->check(CLI::Validator(std::move(check), shown));
  return *this;
}

Arg& Arg::needs(const Arg& other) {
  m_option->needs(other.m_option);
  return *this;
}

Arg& Arg::excludes(const Arg& other) {
  m_option->excludes(other.m_option);
  return *this;
}

bool Arg::given() const { return m_option->count() > 0; }

Arg Args::flag(const std::string& names, bool& into, const std::string& help) { return Arg(m_app->add_flag(names, into, help)); }

Arg Args::option(const std::string& names, std::string& into, const std::string& help) { return Arg(m_app->add_option(names, into, help)); }

Arg Args::option(const std::string& names, std::vector<std::string>& into, const std::string& help) {
  return Arg(m_app->add_option(names, into, help));
}

Arg Args::option(const std::string& names, unsigned& into, const std::string& help) { return Arg(m_app->add_option(names, into, help)); }

Arg Args::option(const std::string& names, long long& into, const std::string& help) { return Arg(m_app->add_option(names, into, help)); }

Arg Args::option(const std::string& names, const std::function<void(const std::string&)>& take, const std::string& help) {
  return Arg(m_app->add_option_function<std::string>(names, take, help));
}

Args Args::subcommand(const std::string& name, const std::string& help) { return Args(m_app->add_subcommand(name, help)); }

void Args::require_subcommand() { m_app->require_subcommand(1); }

void Args::footer(const std::string& text) { m_app->footer(text); }

void Args::callback(std::function<void()> run) { m_app->callback(std::move(run)); }

}  // namespace pdo::cli
