// Reader of entity names files (id<TAB>name, with file:line:column errors) and their
// attachment to a KG vocabulary as entity labels.
#include "kg/entity_names.hpp"

#include "common/error.hpp"
#include "kg/byte_source.hpp"

namespace kbcx::kg {

EntityNames parse_entity_names(std::string_view text, const std::string& file) {
    EntityNames out;
    std::size_t pos = 0, line = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string_view l = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++line;
        if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
        if (l.empty()) continue;
        const std::size_t tab = l.find('\t');
        if (tab == std::string_view::npos)
            throw InputError(file, line, l.size() + 1, "expected id<TAB>name, found no tab");
        if (tab == 0) throw InputError(file, line, 1, "empty id before the tab");
        const std::string_view id = l.substr(0, tab), name = l.substr(tab + 1);
        if (name.empty()) throw InputError(file, line, tab + 2, "empty name after the tab");
        out.by_id.try_emplace(std::string(id), std::string(name));
        ++out.lines;
    }
    return out;
}

EntityNames read_entity_names(const std::string& path) {
    auto src = open_file_source(path);
    std::string text;
    char buf[1 << 16];
    while (const std::size_t n = src->read(buf, sizeof buf))
        text.append(buf, n);
    return parse_entity_names(text, path);
}

std::size_t attach_entity_names(const EntityNames& names, Vocabulary& vocab) {
    std::size_t attached = 0;
    const Interner& entities = vocab.entities();
    for (Id e = 0; e < entities.size(); ++e) {
        const auto it = names.by_id.find(std::string(entities.name(e)));
        if (it == names.by_id.end()) continue;
        vocab.set_label(Namespace::Entity, e, it->second);
        ++attached;
    }
    return attached;
}

} // namespace kbcx::kg
