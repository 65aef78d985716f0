// False positives found on real third-party text (bench/secrets/run.sh on 2026-12-04: an installed Python
// tree and /usr/share/doc), each written as a look-alike that must stay silent, next to its true-positive
// neighbour that must still be found: a change that silences too much fails here as surely as one that
// silences too little. Values come from the synthetic generator, so this file holds nothing pdo flags.
#include <catch2/catch.hpp>

#include "synthetic.hpp"

using namespace pdo::test;

namespace {

using Ids = std::vector<std::string>;

const std::string k_lower_digits = k_lower + k_digits;
const std::string k_upper_hex = "0123456789ABCDEF";

/// A markdown fence around `lines`: a learner's notes hold real keys in fenced blocks.
std::string fenced(const std::string& lines) { return "My request:\n\n```http\n" + lines + "```\n"; }

}  // namespace

TEST_CASE("a doctest's output lines are examples, up to the blank line that ends them", "[secrets]") {
  // oauthlib/oauth1/rfc5849/endpoints/request_token.py: the response body printed under ">>> b".
  const std::string output = "            'oauth_token=" + body(k_lower_digits, 19, 501) +
                             "&oauth_token_secret=" + body(k_lower_digits, 15, 502) + "&oauth_callback_confirmed=true'\n";
  const std::string doctest = "            >>> h, b, s = endpoint.create_request_token_response(uri)\n            >>> b\n" + output +
                              "            >>> s\n            200\n";
  CHECK(found_ids(doctest, "request_token.py").empty());
  // The same line after the blank line that ends the doctest is not its output.
  CHECK(found_ids(doctest + "\n" + output, "request_token.py") == Ids{"secret-assignment"});

  // oauthlib/oauth2/rfc6749/clients/web_application.py: the output line repeats the call's value.
  const std::string verifier = body(k_upper_digits, 31, 503);
  const std::string call = "            >>> client.prepare_request_body(code_verifier='" + verifier + "')\n";
  const std::string printed = "            'grant_type=authorization_code&code_verifier=" + verifier + "'\n";
  CHECK(found_ids(call + printed, "web_application.py").empty());
  CHECK(found_ids(printed, "web_application.py") == Ids{"secret-in-context"});
}

TEST_CASE("a reStructuredText code directive shows an example", "[secrets]") {
  // oauthlib/oauth2/rfc6749/parameters.py: RFC 6749's token response, 12 lines under "For example:".
  const std::string response =
      "        HTTP/1.1 200 OK\n        Content-Type: application/json\n        Cache-Control: no-store\n"
      "        Pragma: no-cache\n\n        {\n            \"access_token\":\"" +
      body(k_alnum, 22, 504) + "\",\n            \"token_type\":\"example\",\n            \"expires_in\":3600,\n" +
      "            \"refresh_token\":\"" + body(k_alnum, 22, 505) + "\"\n        }\n";
  CHECK(found_ids("    For example:\n\n    .. code-block:: http\n\n" + response, "parameters.py").empty());
  CHECK(found_ids("    .. code:: http\n\n" + response, "parameters.py").empty());
  CHECK(found_ids(fenced(response), "notes.md") == Ids{"secret-assignment", "secret-assignment"});

  // oauthlib/oauth2/rfc6749/clients/base.py: a revocation request under "An example of a revocation request".
  const std::string request =
      "            POST /revoke HTTP/1.1\n            Host: server.example.com\n"
      "            Authorization: Basic " +
      base64(body(k_alnum, 10, 506) + ":" + body(k_alnum, 10, 507)) + "\n\n            token=" + body(k_lower, 20, 508) +
      "&token_type_hint=refresh_token\n";
  CHECK(found_ids("        An example of a revocation request\n\n        .. code-block:: http\n\n" + request, "base.py").empty());
  CHECK(found_ids(fenced(request), "notes.md") == Ids{"secret-in-context", "secret-assignment"});
}

TEST_CASE("placeholders in connection URLs are not passwords", "[secrets]") {
  // ccache's manual: the URL's syntax, with brackets around optional parts.
  for (const std::string line :
       {"redis://[[USERNAME:]PASSWORD@]HOST[:PORT][/DBNUMBER]", "redis+unix://[[USERNAME:]PASSWORD@localhost]SOCKET_PATH",
        "mysql://<user>:<password>@db.internal:3306/app", "amqp://worker:YOUR_PASSWORD@rabbit:5672/",
        "postgres://app:DB_PASS@db:5432/app"}) {
    INFO(line);
    CHECK(found_ids(std::string(line) + "\n", "manual.adoc").empty());
  }
  CHECK(found_ids("redis://default:" + body(k_alnum, 20, 509) + "@cache:6379/0\n", "manual.adoc") == Ids{"connection-string-password"});
  // Capitals and digits: generated, not a placeholder's name.
  CHECK(found_ids("postgres://app:" + body(k_upper_digits, 16, 510) + "@db:5432/app\n", "manual.adoc") ==
        Ids{"connection-string-password"});
}

TEST_CASE("a URL's password is judged decoded", "[secrets]") {
  // pip's authentication.md: "he//o" percent-encoded is a five-letter sample, not a password.
  CHECK(found_ids("```\nhttps://user:he%2F%2Fo@pypi.company.com/simple\n```\n", "authentication.md").empty());
  const std::string password = body(k_alnum, 8, 511) + "%40" + body(k_alnum, 5, 512);  // an @ in the password
  CHECK(found_ids("https://user:" + password + "@pypi.company.com/simple\n", "pip.conf") == Ids{"url-credentials"});
}

// A documentation example ("for example: …") makes a URL's password an example only for a rule that judges
// its value (url-credentials); found by mutation: no test had such a password in an example's line.
TEST_CASE("a URL's password in a documentation example is not reported by a rule that judges it", "[secrets]") {
  const std::string url = "https://user:" + body(k_alnum, 16, 540) + "@pypi.company.com/simple";
  CHECK(found_ids("For example: " + url + "\n", "README.md").empty());
  CHECK(found_ids(url + "\n", "pip.conf") == Ids{"url-credentials"});
}

TEST_CASE("file paths listed after the word secret are not keys", "[secrets]") {
  // gnupg's changelog: test files named by key id, one of them "…-secret.asc".
  std::string id;
  for (std::uint32_t i = 0; i < 8; ++i) id += body(i % 2 ? k_digits : "ABCDEF", 1, 513 + i);  // letters and digits alternate
  const std::string changelog =
      "\ttofu-keys-secret.asc, tofu-" + id + "-1.txt and\n\ttofu/conflicting/" + id + "-secret.gpg, tofu/conflicting/" + id + "-1.txt,\n";
  CHECK(found_ids(changelog, "changelog").empty());
  // A key with slashes (base64) after the same word is found.
  CHECK(found_ids("secret " + body(k_alnum, 12, 514) + "/" + body(k_alnum, 14, 515) + "+" + body(k_alnum, 6, 516) + "\n", "changelog") ==
        Ids{"secret-in-context"});
}

TEST_CASE("a notebook that is not valid JSON is read with its escapes undone", "[secrets]") {
  // bench/secrets' one missed key: a raw tab in a source string makes the notebook invalid JSON, and the
  // kaggle.json line in another cell holds its quotes escaped (\"key\":).
  const std::string kaggle = R"({\"username\":\"learner\",\"key\":\")" + body(k_hex, 32, 517) + R"(\"}\n)";
  const std::string notebook = "{\n \"cells\": [\n  {\n   \"cell_type\": \"code\",\n   \"source\": [\n    \"\t  x = 1\\n\",\n    \"" +
                               kaggle + "\"\n   ]\n  }\n ]\n}\n";
  CHECK(found_ids(notebook, "train.ipynb") == Ids{"kaggle-json-key"});
  // Escaped quotes that hold no key stay silent.
  CHECK(found_ids(R"({ "cells": [ "\t \"key\": \"value\"" ] )", "train.ipynb").empty());
}

TEST_CASE("a JWT shown under a code directive is an example, a key with its vendor's prefix is reported anywhere", "[secrets]") {
  // python3-jwt's changelog: an Auth0 access token under ".. code:: python".
  const std::string jwt =
      "eyJ" + std::string("0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.") + body(k_b64url, 300, 518) + "." + body(k_b64url, 340, 519);
  const std::string code = "    import jwt\n\n    token = \"" + jwt + "\"\n";
  CHECK(found_ids(".. code:: python\n\n" + code, "changelog").empty());
  CHECK(found_ids(fenced(code), "notes.md") == Ids{"jwt-api-key"});
  // A key with its vendor's prefix under the same directive is still reported.
  CHECK(found_ids(".. code:: python\n\n    token = \"gh" + std::string("p_") + body(k_alnum, 36, 520) + "\"\n", "changelog") ==
        Ids{"github-token"});
}
