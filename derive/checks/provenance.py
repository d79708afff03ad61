"""Provenance: unsourced facts, unidentifiable and uncited sources, undated facts."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from derive.checks.finding import Finding, Kind
from derive.checks.scope import Scope


def provenance(scope: Scope) -> Iterator[Finding]:
    """Unsourced facts, unidentifiable, uncited and undated sources."""
    catalog = scope.catalog
    cited: set[str] = set()
    undated: dict[str | None, list[str]] = defaultdict(list)
    for fact in catalog.facts.values():
        source = catalog.sources.get(fact.entry.source or "")
        if source is None:
            yield Finding(
                kind=Kind.unsourced,
                message=f"{fact.subject} {fact.entry.quantity}: "
                f"{fact.entry.value or 'undisclosed'} has no source",
                subject=fact.subject,
                quantity=fact.entry.quantity,
                facts=(fact.entry.id,),
                weight=scope.deps.weight([fact.entry.id]),
                numbers=fact.entry.value or "undisclosed",
            )
        else:
            cited.add(source.entry.id)
        if fact.entry.via is not None:
            cited.add(fact.entry.via)  # a copy the number was read in is cited too
        if fact.entry.date is None and (source is None or not source.entry.published):
            undated[fact.entry.source].append(fact.entry.id)
    cited |= {r.entry.source for r in scope.rules.rules if r.entry.source}
    cited |= {b.entry.source for b in scope.rules.bounds if b.entry.source}
    for sid, source in catalog.sources.items():
        e = source.entry
        if not (e.url or e.doi or e.arxiv or (e.title and (e.publisher or e.authors))):
            yield Finding(
                kind=Kind.unidentifiable_source,
                message=f"source {sid} ({e.title}) has no URL, "
                "DOI or arXiv id, and no publisher or authors beside its title",
                sources=(sid,),
                weight=scope.deps.weight(
                    f.entry.id
                    for f in catalog.facts.values()
                    if sid in (f.entry.source, f.entry.via)
                ),
            )
        if sid not in cited and not source.origin.standard:  # the product's own references
            yield Finding(
                kind=Kind.uncited_source,
                message=f"source {sid} ({e.title}) is cited by no fact and no rule",
                sources=(sid,),
            )
    for source_id, fact_ids in undated.items():
        what = f"source {source_id}" if source_id else "no source"
        published = "" if source_id is None else " and the source has no publication date"
        yield Finding(
            kind=Kind.undated,
            message=f"{len(fact_ids)} facts from {what} have no date{published}",
            facts=tuple(sorted(fact_ids)),
            sources=(source_id,) if source_id else (),
            weight=scope.deps.weight(fact_ids),
            numbers=f"{len(fact_ids)} facts",
            id=f"undated:{source_id or '-'}",
        )
