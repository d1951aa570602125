"""The qSKOS quality checks that apply to the lexicon's SKOS, run with rdflib on a Turtle file.

Usage: python3 skos_quality.py FILE.ttl  ->  a JSON report on stdout; every list should be empty.
(qSKOS: Mader, Haslhofer and Isaac, "Finding Quality Issues in SKOS Vocabularies", TPDL 2012;
the names below follow its issue catalogue.)
"""
import json
import sys

from rdflib import Graph, Literal
from rdflib.namespace import RDF, SKOS


def main(path):
    graph = Graph()
    graph.parse(path, format="turtle")
    concepts = set(graph.subjects(RDF.type, SKOS.Concept))
    broader = {c: set(graph.objects(c, SKOS.broader)) for c in concepts}
    narrower = {c: set(graph.objects(c, SKOS.narrower)) for c in concepts}
    related = {c: set(graph.objects(c, SKOS.related)) for c in concepts}

    def ancestors(concept):
        seen, stack = set(), list(broader.get(concept, ()))
        while stack:
            parent = stack.pop()
            if parent not in seen:
                seen.add(parent)
                stack.extend(broader.get(parent, ()))
        return seen

    report = {
        "concepts": len(concepts),
        "broaderLinks": sum(len(parents) for parents in broader.values()),
        "topConcepts": len(set(graph.subjects(SKOS.topConceptOf, None))),
        # Cyclic Hierarchical Relations: a concept among its own ancestors.
        "cycles": sorted(str(c) for c in concepts if c in ancestors(c)),
        # Relation Clashes: related to a concept above it (either way round).
        "relationClashes": sorted(
            f"{a} related {b}" for a in concepts for b in related[a] if b in ancestors(a) or a in ancestors(b)
        ),
        # Unidirectionally Related Concepts: related without the way back; broader without narrower.
        "oneWayRelated": sorted(f"{a} -> {b}" for a in concepts for b in related[a] if a not in related.get(b, ())),
        "broaderWithoutNarrower": sorted(
            f"{a} -> {b}" for a in concepts for b in broader[a] if a not in narrower.get(b, ())
        ),
        "narrowerWithoutBroader": sorted(
            f"{a} -> {b}" for a in concepts for b in narrower[a] if a not in broader.get(b, ())
        ),
        # Top Concept Having Broader Concepts; concepts that are neither top nor below another.
        "topWithBroader": sorted(str(c) for c in graph.subjects(SKOS.topConceptOf, None) if broader.get(c)),
        "neitherTopNorBelow": sorted(
            str(c) for c in concepts if not broader[c] and (c, SKOS.topConceptOf, None) not in graph
        ),
        # Orphan Concepts: no semantic relation at all.
        "orphans": sorted(str(c) for c in concepts if not (broader[c] or narrower[c] or related[c])),
        # Inconsistent Preferred Labels / Missing labels: exactly one prefLabel per language, en and bg present.
        "prefLabelProblems": [],
        # Disjoint Labels: the same text as preferred and alternative label in one language.
        "disjointLabelViolations": [],
        # Undefined SKOS Resources: every object of a semantic relation is a concept of the file.
        "undefinedRelationTargets": sorted(
            f"{a} -> {b}"
            for a in concepts
            for b in broader[a] | narrower[a] | related[a]
            if b not in concepts
        ),
        "notations": len(set(graph.subjects(SKOS.notation, None)) & concepts),
    }
    for concept in sorted(concepts):
        languages = {}
        for label in graph.objects(concept, SKOS.prefLabel):
            if isinstance(label, Literal):
                languages.setdefault(label.language, []).append(str(label))
        for language, labels in sorted(languages.items(), key=lambda item: str(item[0])):
            if len(labels) != 1:
                report["prefLabelProblems"].append(f"{concept}: {len(labels)} prefLabels in {language}")
        for language in ("en", "bg"):
            if language not in languages:
                report["prefLabelProblems"].append(f"{concept}: no prefLabel in {language}")
        alternative = {(label.language, str(label)) for label in graph.objects(concept, SKOS.altLabel)}
        for label in graph.objects(concept, SKOS.prefLabel):
            if (label.language, str(label)) in alternative:
                report["disjointLabelViolations"].append(f"{concept}: {label}@{label.language}")
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
