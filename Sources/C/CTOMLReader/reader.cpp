// SPDX-License-Identifier: MIT
#include "tactus-toml.h"

#include <deque>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <toml++/toml.h>

struct tactus_toml_document {
    toml::table table;
    std::vector<tactus_toml_value> values;
    // The texts toml++ keeps no string for (dates and times), owned here; a deque, so that they stay where they are.
    std::deque<std::string> written;
    std::string error;
    uint32_t error_line = 0;
    bool failed = false;
};

namespace {

/// Appends `node` and, after it, its members, in the order toml++ keeps them (a table's keys sorted).
void flatten(tactus_toml_document &document, const toml::node &node, const toml::key *key) {
    tactus_toml_value value{};
    if (key) {
        value.key = key->str().data();
        value.key_length = key->str().size();
    }
    switch (node.type()) {
    case toml::node_type::table: value.kind = TACTUS_TOML_TABLE; value.members = node.as_table()->size(); break;
    case toml::node_type::array: value.kind = TACTUS_TOML_ARRAY; value.members = node.as_array()->size(); break;
    case toml::node_type::string: {
        const std::string &text = node.as_string()->get();
        value.kind = TACTUS_TOML_STRING;
        value.text = text.data();
        value.text_length = text.size();
        break;
    }
    case toml::node_type::integer: value.kind = TACTUS_TOML_INTEGER; value.integer = node.as_integer()->get(); break;
    case toml::node_type::floating_point: value.kind = TACTUS_TOML_FLOAT; value.number = node.as_floating_point()->get(); break;
    case toml::node_type::boolean: value.kind = TACTUS_TOML_BOOLEAN; value.boolean = node.as_boolean()->get(); break;
    default: {
        std::ostringstream text;
        node.visit([&text](const auto &leaf) {
            if constexpr (toml::is_date<decltype(leaf)> || toml::is_time<decltype(leaf)> || toml::is_date_time<decltype(leaf)>)
                text << leaf;
        });
        const std::string &kept = document.written.emplace_back(text.str());
        value.kind = TACTUS_TOML_DATE_TIME;
        value.text = kept.data();
        value.text_length = kept.size();
        break;
    }
    }
    document.values.push_back(value);
    if (const toml::table *table = node.as_table()) {
        for (const auto &[member_key, member] : *table) flatten(document, member, &member_key);
    } else if (const toml::array *array = node.as_array()) {
        for (const toml::node &member : *array) flatten(document, member, nullptr);
    }
}

} // namespace

extern "C" tactus_toml_document *tactus_toml_parse(const char *text, size_t length) {
    auto *document = new tactus_toml_document;
    try {
        document->table = toml::parse(std::string_view(text, length));
        flatten(*document, document->table, nullptr);
    } catch (const toml::parse_error &error) {
        document->failed = true;
        document->error = std::string(error.description());
        document->error_line = error.source().begin.line;
        document->values.clear();
    } catch (const std::bad_alloc &) {
        document->failed = true;
        document->error = "out of memory";
        document->values.clear();
    }
    return document;
}

extern "C" const char *tactus_toml_error(const tactus_toml_document *document, uint32_t *line) {
    if (!document->failed) return nullptr;
    *line = document->error_line;
    return document->error.c_str();
}

extern "C" const tactus_toml_value *tactus_toml_values(const tactus_toml_document *document, size_t *count) {
    *count = document->values.size();
    return document->values.data();
}

extern "C" void tactus_toml_free(tactus_toml_document *document) { delete document; }
