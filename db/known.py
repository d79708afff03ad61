"""Read the catalog view the text checks judge against: facts, readings, derived values."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, Row, select

from db.derived_models import DerivationRow, RuleRow
from db.errors import EmptyDatabase
from db.models import FactRow, QuantityRow, SourceRow, SubjectRow
from db.units import define_stored_units
from derive.agreement import allowed
from derive.inputs import inherited
from derive.text.arithmetic import Computation, product_factors
from derive.text.known import CatalogView, KnownValue, QuantityName, SubjectName, ValueKind
from schema.errors import FactsError
from schema.status import Status
from schema.tiers import Tier
from schema.values import normalise, parse_value


def catalog_view(conn: Connection) -> CatalogView:
    """The loaded catalog as `derive.text` sees it; `EmptyDatabase` if nothing was loaded."""
    defined = define_stored_units(conn)  # a text may write a number in the catalog's units
    quantities = [
        QuantityName(r.id, r.name, r.name_zh, tuple(r.synonyms or ()), r.unit, bool(r.is_count))
        for r in conn.execute(
            select(
                QuantityRow.id,
                QuantityRow.name,
                QuantityRow.name_zh,
                QuantityRow.synonyms,
                QuantityRow.unit,
                QuantityRow.is_count,
            )
        )
    ]
    if not quantities:
        raise EmptyDatabase("the database holds no catalog yet; run `facts load` first")
    units = {q.id: q.unit for q in quantities}
    subjects = [
        SubjectName(r.id, r.name, tuple(r.aliases or ()), r.variant_of, r.kind, r.vendor)
        for r in conn.execute(
            select(
                SubjectRow.id,
                SubjectRow.name,
                SubjectRow.aliases,
                SubjectRow.variant_of,
                SubjectRow.kind,
                SubjectRow.vendor,
            )
        )
    ]
    rows = _fact_rows(conn)
    facts = _facts(rows, units)
    values = [*facts, *_inherited(facts, subjects), *_derived(conn, units)]
    return CatalogView.build(
        subjects, quantities, values, _computations(conn), tuple(defined), _provenance(conn, rows)
    )


def _provenance(conn: Connection, facts: Sequence[Row[Any]]) -> dict[str, str]:
    """Each subject's words besides its values: its note, its current facts' notes and
    locators, and the titles and notes of the sources those facts cite (a die a card is
    built on is named there: "Two GK210 GPUs on one board")."""
    sources = {
        r.id: " ".join(filter(None, (r.title, r.note)))
        for r in conn.execute(select(SourceRow.id, SourceRow.title, SourceRow.note))
    }
    words: dict[str, list[str]] = defaultdict(list)
    for subject_id, note in conn.execute(select(SubjectRow.id, SubjectRow.note)):
        if note:
            words[subject_id].append(note)
    cited: dict[str, set[str]] = defaultdict(set)
    for fact in facts:
        if fact.status != Status.current:
            continue  # an old value's note names what it was wrongly taken from
        words[fact.subject_id] += filter(None, (fact.note, fact.locator))
        if fact.source_id:
            cited[fact.subject_id].add(fact.source_id)
    for subject, ids in cited.items():
        words[subject] += (sources[i] for i in sorted(ids) if sources.get(i))
    return {subject: "\n".join(texts) for subject, texts in words.items()}


def _inherited(facts: list[KnownValue], subjects: list[SubjectName]) -> list[KnownValue]:
    """A variant's view of its parents' facts, for the quantities it states nothing of."""
    held: dict[str, dict[str, list[KnownValue]]] = defaultdict(lambda: defaultdict(list))
    for value in facts:
        held[value.subject][value.quantity].append(value)
    parent_of = {s.id: s.variant_of for s in subjects}
    return [
        replace(value, subject=subject)
        for (subject, _), values in inherited(held, parent_of).items()
        for value in values
    ]


def _computations(conn: Connection) -> list[Computation]:
    """Each rule applied to a subject, as a product and quotient of its inputs."""
    formulas = {
        r.id: (r.formula, r.output_id)
        for r in conn.execute(select(RuleRow.id, RuleRow.formula, RuleRow.output_id))
    }
    applied = conn.execute(select(DerivationRow.rule_id, DerivationRow.subject_id).distinct())
    found = []
    for rule_id, subject in sorted(applied):
        formula, output = formulas[rule_id]
        factors = product_factors(formula, subject)
        if factors is not None and any(f.pair for f in factors):
            found.append(Computation(rule_id, (subject, output), factors))
    return found


def _fact_rows(conn: Connection) -> Sequence[Row[Any]]:
    """Every fact's row as the text checks read it, in one query: its value and what is
    said of it (note, locator, source)."""
    columns = (
        FactRow.id,
        FactRow.subject_id,
        FactRow.quantity_id,
        FactRow.unit,
        FactRow.status,
        FactRow.tier,
        FactRow.literal,
        FactRow.date,
        FactRow.reason,
        FactRow.exact,
        FactRow.magnitude_high,
        FactRow.supersedes_id,
        FactRow.alternatives,
        FactRow.value_norm,
        FactRow.low_norm,
        FactRow.high_norm,
        FactRow.comparator,
        FactRow.note,
        FactRow.locator,
        FactRow.source_id,
    )
    return conn.execute(select(*columns)).all()


def _facts(all_rows: Sequence[Row[Any]], units: dict[str, str]) -> list[KnownValue]:
    rows = [r for r in all_rows if r.value_norm is not None]
    replaced_by = {r.supersedes_id: r.id for r in rows if r.supersedes_id}
    known: list[KnownValue] = []
    for r in rows:
        unit = units[r.quantity_id]
        low, high = allowed(r.comparator, float(r.low_norm), float(r.high_norm))
        base = KnownValue(
            kind=ValueKind.fact,
            ref=r.id,
            subject=r.subject_id,
            quantity=r.quantity_id,
            unit=unit,
            value=float(r.value_norm),
            low=low,
            high=high,
            tier=r.tier,
            status=Status(r.status),
            literal=r.literal,
            written_unit=r.unit,
            date=r.date.isoformat() if r.date else None,
            replaced_by=replaced_by.get(r.id),
            reason=r.reason,
            ranged=r.magnitude_high is not None,
            bound=r.comparator,
            note=r.note if r.status != Status.current else None,  # what an old value was
        )
        known.append(base)
        for index, reading in enumerate(r.alternatives or (), start=1):
            try:
                parsed = parse_value(reading["value"])
                normal = normalise(parsed, unit, exact=bool(r.exact))
            except (FactsError, KeyError, TypeError):  # pragma: no cover - checked at load
                continue
            known.append(
                KnownValue(
                    kind=ValueKind.alternative,
                    ref=f"{r.id}~{index}",
                    subject=r.subject_id,
                    quantity=r.quantity_id,
                    unit=unit,
                    value=float(normal.value),
                    low=float(normal.low),
                    high=float(normal.high),
                    tier=r.tier,
                    status=Status(r.status),
                    literal=reading["value"],
                    written_unit=parsed.unit,
                    date=base.date,
                    replaced_by=r.id,
                    reason=reading.get("reason"),
                )
            )
    return known


def _derived(conn: Connection, units: dict[str, str]) -> list[KnownValue]:
    query = select(
        DerivationRow.rule_id,
        DerivationRow.subject_id,
        DerivationRow.quantity_id,
        DerivationRow.alternative,
        DerivationRow.value,
        DerivationRow.low,
        DerivationRow.high,
        DerivationRow.reading,
        DerivationRow.weakest_tier,
    ).where(DerivationRow.top.is_(True))
    known = []
    for r in conn.execute(query):
        suffix = f"#{r.alternative}" if r.alternative else ""
        known.append(
            KnownValue(
                kind=ValueKind.derived if r.reading is None else ValueKind.alternative,
                ref=f"{r.rule_id}@{r.subject_id}{suffix}",
                subject=r.subject_id,
                quantity=r.quantity_id,
                unit=units[r.quantity_id],
                value=r.value,
                low=r.low,
                high=r.high,
                tier=Tier.derived,
                status=Status.current,
                reason=r.reading,
                weakest=r.weakest_tier,
            )
        )
    return known


def citations(conn: Connection) -> tuple[dict[str, str | None], dict[str, str | None]]:
    """The locators of every fact and every rule, by id."""
    facts = {fid: loc for fid, loc in conn.execute(select(FactRow.id, FactRow.locator))}
    rules = {rid: loc for rid, loc in conn.execute(select(RuleRow.id, RuleRow.locator))}
    return facts, rules


@contextmanager
def loaded_connection(url: str | None) -> Iterator[Connection]:
    """A connection to the database at `url`, never creating one.

    A SQLite file that does not exist is refused with `EmptyDatabase`; so is (by
    `catalog_view`) a database no catalog was loaded into: the text checks would
    otherwise mark every number unknown and pass.
    """
    from db.database import database
    from db.url import database_url, sqlite_file

    path = sqlite_file(database_url(url))
    if path is not None and not path.is_file():
        raise EmptyDatabase(f"no database at {path}; run `facts load` first (or point --db at one)")
    with database(url) as engine, engine.connect() as conn:
        yield conn


def loaded_view(url: str | None) -> CatalogView:
    """The catalog view of the database at `url` (see `loaded_connection`)."""
    with loaded_connection(url) as conn:
        return catalog_view(conn)
