// The generator: one splitmix64 stream per university (so universities are independent of
// each other and of the order they are written in), text assembled per department and flushed.
#include "rules/lubm.hpp"

#include "common/resources.hpp"

#include <string>
#include <vector>

namespace kbcx::rules {

namespace {

class Rng {
  public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() {
        std::uint64_t x = (s_ += 0x9E3779B97F4A7C15ull);
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
        return x ^ (x >> 31);
    }
    /// Uniform in [lo, hi].
    std::size_t range(std::size_t lo, std::size_t hi) { return lo + static_cast<std::size_t>(next() % (hi - lo + 1)); }
    bool chance(std::size_t one_in) { return next() % one_in == 0; }

  private:
    std::uint64_t s_;
};

struct Writer {
    std::string buf;
    LubmStats& stats;
    void iri(const std::string& x) {
        buf += '<';
        buf += x;
        buf += '>';
    }
    void fact(const std::string& s, const char* p, const std::string& o) {
        iri(s);
        buf += "\t<";
        buf += kUnivBench;
        buf += p;
        buf += ">\t";
        iri(o);
        buf += '\n';
        ++stats.facts;
    }
    void literal(const std::string& s, const char* p, const std::string& value) {
        iri(s);
        buf += "\t<";
        buf += kUnivBench;
        buf += p;
        buf += ">\t\"";
        buf += value;
        buf += "\"\n";
        ++stats.facts;
    }
    void type(const std::string& s, const char* cls) {
        iri(s);
        buf += "\t<rdf:type>\t<";
        buf += kUnivBench;
        buf += cls;
        buf += ">\n";
        ++stats.facts;
        ++stats.type_facts;
    }
};

std::string university(std::size_t u) {
    return "http://www.University" + std::to_string(u) + ".edu";
}

void person(Writer& w, const std::string& iri, const std::string& local, const std::string& dept_host) {
    w.literal(iri, "name", local);
    w.literal(iri, "emailAddress", local + "@" + dept_host);
    w.literal(iri, "telephone", "xxx-xxx-xxxx");
}

void department(Writer& w, Rng& rng, std::size_t u, std::size_t d) {
    const std::string host = "Department" + std::to_string(d) + ".University" + std::to_string(u) + ".edu";
    const std::string dept = "http://www." + host;
    auto local = [&](const std::string& n) { return dept + "/" + n; };
    w.type(dept, "Department");
    w.literal(dept, "name", "Department" + std::to_string(d));
    w.fact(dept, "subOrganizationOf", university(u));

    struct Kind {
        const char* cls;
        std::size_t lo, hi, pub_lo, pub_hi;
    };
    const Kind kinds[] = {{"FullProfessor", 7, 10, 15, 20},
                          {"AssociateProfessor", 10, 14, 10, 18},
                          {"AssistantProfessor", 8, 11, 5, 10},
                          {"Lecturer", 5, 7, 0, 5}};
    std::vector<std::string> faculty, professors;
    std::vector<std::size_t> pubs;
    std::size_t courses = 0, grad_courses = 0;
    std::vector<std::string> course_iris, grad_course_iris;
    for (const Kind& k : kinds) {
        const std::size_t n = rng.range(k.lo, k.hi);
        for (std::size_t i = 0; i < n; ++i) {
            const std::string name = std::string(k.cls) + std::to_string(i);
            const std::string f = local(name);
            faculty.push_back(f);
            pubs.push_back(rng.range(k.pub_lo, k.pub_hi));
            const bool professor = std::string(k.cls) != "Lecturer";
            if (professor) professors.push_back(f);
            w.type(f, k.cls);
            person(w, f, name, host);
            w.literal(f, "researchInterest", "Research" + std::to_string(rng.range(0, 29)));
            w.fact(f, "worksFor", dept);
            w.fact(f, "undergraduateDegreeFrom", university(rng.range(0, 999)));
            w.fact(f, "mastersDegreeFrom", university(rng.range(0, 999)));
            w.fact(f, "doctoralDegreeFrom", university(rng.range(0, 999)));
            for (std::size_t c = rng.range(1, 2); c > 0; --c) {
                const std::string course = local("Course" + std::to_string(courses++));
                course_iris.push_back(course);
                w.type(course, "Course");
                w.fact(f, "teacherOf", course);
            }
            if (professor) {
                for (std::size_t c = rng.range(1, 2); c > 0; --c) {
                    const std::string course = local("GraduateCourse" + std::to_string(grad_courses++));
                    grad_course_iris.push_back(course);
                    w.type(course, "GraduateCourse");
                    w.fact(f, "teacherOf", course);
                }
            }
        }
    }
    w.fact(faculty[0], "headOf", dept); // FullProfessor0 chairs the department

    const std::size_t groups = rng.range(10, 20);
    for (std::size_t g = 0; g < groups; ++g) {
        const std::string group = local("ResearchGroup" + std::to_string(g));
        w.type(group, "ResearchGroup");
        w.fact(group, "subOrganizationOf", dept);
    }

    const std::size_t ug = faculty.size() * rng.range(8, 14);
    for (std::size_t i = 0; i < ug; ++i) {
        const std::string name = "UndergraduateStudent" + std::to_string(i);
        const std::string s = local(name);
        w.type(s, "UndergraduateStudent");
        person(w, s, name, host);
        w.fact(s, "memberOf", dept);
        for (std::size_t c = rng.range(2, 4); c > 0; --c)
            w.fact(s, "takesCourse", course_iris[rng.range(0, course_iris.size() - 1)]);
        if (rng.chance(5)) w.fact(s, "advisor", professors[rng.range(0, professors.size() - 1)]);
    }
    const std::size_t grad = faculty.size() * rng.range(3, 4);
    std::vector<std::string> grads;
    for (std::size_t i = 0; i < grad; ++i) {
        const std::string name = "GraduateStudent" + std::to_string(i);
        const std::string s = local(name);
        grads.push_back(s);
        w.type(s, "GraduateStudent");
        person(w, s, name, host);
        w.fact(s, "memberOf", dept);
        w.fact(s, "undergraduateDegreeFrom", university(rng.range(0, 999)));
        w.fact(s, "advisor", professors[rng.range(0, professors.size() - 1)]);
        for (std::size_t c = rng.range(1, 3); c > 0; --c)
            w.fact(s, "takesCourse", grad_course_iris[rng.range(0, grad_course_iris.size() - 1)]);
        if (rng.chance(4))
            w.fact(s, "teachingAssistantOf", course_iris[rng.range(0, course_iris.size() - 1)]);
        else if (rng.chance(3))
            w.type(s, "ResearchAssistant");
    }
    for (std::size_t f = 0; f < faculty.size(); ++f) {
        for (std::size_t p = 0; p < pubs[f]; ++p) {
            const std::string pub = faculty[f] + "/Publication" + std::to_string(p);
            w.type(pub, "Publication");
            w.literal(pub, "name", "Publication" + std::to_string(p));
            w.fact(pub, "publicationAuthor", faculty[f]);
            if (!grads.empty() && rng.chance(3))
                w.fact(pub, "publicationAuthor", grads[rng.range(0, grads.size() - 1)]);
        }
    }
}

} // namespace

LubmStats generate_lubm(const LubmParams& params, std::ostream& out, jobs::JobContext& ctx) {
    Stopwatch clock;
    LubmStats stats;
    Writer w{std::string(), stats};
    for (std::size_t u = 0; u < params.universities; ++u) {
        ctx.throw_if_stopped();
        ctx.report(u, params.universities, "University " + std::to_string(u));
        Rng rng(params.seed * 0x100000001B3ull + u * 0x9E3779B97F4A7C15ull + 1);
        w.type(university(u), "University");
        w.literal(university(u), "name", "University" + std::to_string(u));
        const std::size_t depts = rng.range(15, 25);
        for (std::size_t d = 0; d < depts; ++d) {
            department(w, rng, u, d);
            ++stats.departments;
            out.write(w.buf.data(), static_cast<std::streamsize>(w.buf.size()));
            w.buf.clear();
        }
    }
    out.flush();
    stats.seconds = clock.seconds();
    ctx.report(params.universities, params.universities, "Done", true);
    return stats;
}

} // namespace kbcx::rules
