"""Rules as data: read the rule files, check every formula against the catalog.

Rules come from folders (`RuleFolders`): the product's general rules
(`derive/standard_rules/`, written over the standard vocabulary of quantities and
applying to every subject that has their inputs), the catalog's own `rules/`
folder, and folders named with `--rules`. A rule file holds `rules:`, a list of

    id: ridge.hbm
    output: ridge.hbm                  # the quantity it derives
    formula: peak.bf16_dense / hbm.bandwidth
    kinds: [chip, variant]             # or subjects: [tpu-v7]; neither: every subject
    description: ...
    source: course-tpu-v7-vs-gb200     # where the formula itself comes from
    locator: "§1"
    tolerance: 0.01                    # relative, for comparing with stated facts

Every rule is checked when it is read, before anything is derived: its
quantities and subjects exist, its output is not one of its own inputs, and
the formula's dimension converts to the output quantity's unit.

A rule file may also hold `bounds:` (see `derive.bounds`): a quantity held
within, at most or at least another subject's or quantity's value.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from derive.bounds import Bound, BoundEntry, meant_for
from derive.errors import FormulaError, RulesDirectoryMissing
from derive.formula import Bin, Call, Expr, Neg, Num, Pow, Ref, parse_formula
from derive.formula import references as formula_references
from schema.catalog import STANDARD, Catalog, Origin
from schema.errors import CatalogError, CatalogErrors, Place
from schema.models import QuantityId, Slug, SubjectKind, Text
from schema.reader import RULES_FOLDER, catalog_files, validation_problems
from schema.units import dimensionality, unit_quantity
from schema.yaml_source import LocatedDocument, Path_, dotted, read_file, read_located

STANDARD_RULES = Path(__file__).with_name("standard_rules")
"""The product's general rules, part of every catalog's rules unless left out."""


@dataclass(frozen=True, slots=True)
class RuleFolders:
    """The folders rules are read from, in order, and which of them a user named.

    A named folder must exist and hold at least one rule: a mistyped `--rules` never
    quietly means "no rules".
    """

    folders: tuple[Path, ...]
    named: tuple[Path, ...] = ()

    @classmethod
    def of(
        cls, catalog: Path | None, named: Sequence[Path] = (), *, standard: bool = True
    ) -> RuleFolders:
        """The product's general rules (unless `standard` is false), the `rules/` folder
        of the catalog at `catalog` when it has one, then the `named` folders."""
        folders: list[Path] = [STANDARD_RULES] if standard else []
        if catalog is not None and (catalog / RULES_FOLDER).is_dir():
            folders.append(catalog / RULES_FOLDER)
        seen = {f.resolve() for f in folders}
        extra = []
        for folder in named:
            if folder.resolve() not in seen:
                seen.add(folder.resolve())
                extra.append(folder)
        return cls((*folders, *extra), tuple(extra))

    @classmethod
    def given(cls, catalog: Path, rules: RuleFolders | Path | None) -> RuleFolders | Path:
        """`rules` as given, or, with none, the general rules and the catalog's own."""
        return cls.of(catalog) if rules is None else rules

    @classmethod
    def coerce(cls, rules: RuleFolders | Path) -> RuleFolders:
        """`rules` as folders: one folder alone means exactly its rules (it must exist)."""
        if isinstance(rules, RuleFolders):
            return rules
        return cls((rules,))


def _display(folder: Path, path: Path) -> str:
    """How a rule file is named in origins and messages."""
    inside = path.relative_to(folder).as_posix()
    if folder.resolve() == STANDARD_RULES.resolve():
        return f"{STANDARD}rules/{inside}"
    return f"{folder.name}/{inside}"


class RuleEntry(BaseModel):
    """One rule as written in a rule file."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    id: Slug
    output: QuantityId
    formula: Text
    description: Text
    subjects: tuple[Slug, ...] = ()
    kinds: tuple[SubjectKind, ...] = ()
    source: Slug | None = None
    locator: Text | None = None
    tolerance: Annotated[float, Field(ge=0, le=1)] = 0.0


class RuleFile(BaseModel):
    """A rule file: a list of rules, and bounds between quantities."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: tuple[RuleEntry, ...] = ()
    bounds: tuple[BoundEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class Rule:
    """A checked rule: its entry, parsed formula and the quantity references in it."""

    entry: RuleEntry
    origin: Origin
    expr: Expr
    refs: tuple[Ref, ...]

    @property
    def id(self) -> str:
        """The rule's id."""
        return self.entry.id

    def applies_to(self, subject: str, kind: str) -> bool:
        """True when the rule is meant for this subject (by id or kind, or for all)."""
        return meant_for(self.entry.subjects, self.entry.kinds, subject, kind)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The checked rules, in file order, and a digest of the files they came from."""

    rules: tuple[Rule, ...]
    digest: str
    bounds: tuple[Bound, ...] = ()

    by_output: dict[str, tuple[Rule, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        grouped: dict[str, list[Rule]] = {}
        for rule in self.rules:
            grouped.setdefault(rule.entry.output, []).append(rule)
        object.__setattr__(self, "by_output", {k: tuple(v) for k, v in grouped.items()})

    def for_output(self, quantity: str) -> tuple[Rule, ...]:
        """Return the rules that derive `quantity`."""
        return self.by_output.get(quantity, ())


def _dimension_of(expr: Expr, units: dict[str, str]) -> Any:
    """Evaluate the formula on unit quantities; pint raises on incompatible sums."""
    if isinstance(expr, Num):
        return unit_quantity(expr.unit, 1)
    if isinstance(expr, Ref):
        return unit_quantity(units[expr.quantity], 1)
    if isinstance(expr, Neg):
        return _dimension_of(expr.operand, units)
    if isinstance(expr, Pow):
        return _dimension_of(expr.base, units) ** float(expr.exponent)
    if isinstance(expr, Bin):
        left, right = _dimension_of(expr.left, units), _dimension_of(expr.right, units)
        if expr.op in "+-":
            if left.dimensionality != right.dimensionality:
                raise FormulaError(
                    f"cannot {'add' if expr.op == '+' else 'subtract'} "
                    f"{_dim(left)} and {_dim(right)}"
                )
            return left
        return left * right if expr.op == "*" else left / right
    assert isinstance(expr, Call)
    args = [_dimension_of(arg, units) for arg in expr.args]
    if expr.name in ("min", "max"):
        if any(a.dimensionality != args[0].dimensionality for a in args):
            raise FormulaError(f"{expr.name}() of values of different dimensions")
        return args[0]
    if len(args) != 1:
        raise FormulaError(f"{expr.name}() takes one value")
    if expr.name == "sqrt":
        return args[0] ** 0.5
    if not args[0].dimensionless:
        raise FormulaError(f"{expr.name}() needs a plain number, not {_dim(args[0])}")
    return args[0]


def _dim(quantity: Any) -> str:
    return str(quantity.dimensionality) if not quantity.dimensionless else "a plain number"


class _RuleChecker:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.units = {qid: q.unit for qid, q in catalog.quantities.items()}
        self.errors: list[CatalogError] = []
        self.seen: dict[tuple[str, str], Place] = {}
        self.overridden: set[tuple[str, str]] = set()  # general ones a catalog replaced

    def problem(self, place: Place, message: str) -> None:
        self.errors.append(CatalogError(place, message))

    def _unknown_quantity(self, quantity: str) -> str:
        close = difflib.get_close_matches(quantity, list(self.units), n=2, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; define it in quantities"
        return f"unknown quantity {quantity!r}{hint}"

    def check(self, entry: RuleEntry, doc: LocatedDocument, path: Path_) -> Rule | None:
        if not self.claim("rule", entry.id, doc.place(path, dotted((*path, "id")))):
            return None
        formula_place = doc.place((*path, "formula"))
        ok = True
        if entry.output not in self.units:
            self.problem(
                doc.place((*path, "output")),
                f"rule {entry.id}: {self._unknown_quantity(entry.output)}",
            )
            ok = False
        for name in entry.subjects:
            if name not in self.catalog.subjects:
                self.problem(
                    doc.place((*path, "subjects")), f"rule {entry.id}: unknown subject {name!r}"
                )
                ok = False
        if entry.source is not None and entry.source not in self.catalog.sources:
            self.problem(
                doc.place((*path, "source")), f"rule {entry.id}: unknown source {entry.source!r}"
            )
            ok = False
        try:
            expr = parse_formula(entry.formula)
        except FormulaError as exc:
            self.problem(formula_place, f"rule {entry.id}: {exc}")
            return None
        refs = tuple(formula_references(expr))
        for ref in refs:
            if ref.quantity not in self.units:
                self.problem(
                    formula_place, f"rule {entry.id}: {self._unknown_quantity(ref.quantity)}"
                )
                ok = False
            if ref.subject is not None and ref.subject not in self.catalog.subjects:
                self.problem(formula_place, f"rule {entry.id}: unknown subject {ref.subject!r}")
                ok = False
            if ref.subject is None and ref.quantity == entry.output:
                self.problem(
                    formula_place,
                    f"rule {entry.id}: its output {entry.output} is also "
                    "one of its inputs; a rule cannot derive a quantity from itself",
                )
                ok = False
        if not ok:
            return None
        try:
            result = _dimension_of(expr, self.units)
        except FormulaError as exc:
            self.problem(formula_place, f"rule {entry.id}: {exc}")
            return None
        output_unit = self.units[entry.output]
        expected = unit_quantity(output_unit, 1)
        if result.dimensionality != expected.dimensionality:
            self.problem(
                formula_place,
                (
                    f"rule {entry.id}: the formula gives {_dim(result)}, but {entry.output} is "
                    f"measured in {output_unit or 'plain numbers'} ({dimensionality(output_unit)})"
                ),
            )
            return None
        origin = Origin(doc.file, doc.line(path) or 1, int(path[-1]))
        return Rule(entry, origin, expr, refs)

    def claim(self, kind: str, entry_id: str, where: Place) -> bool:
        """Record where a rule or bound id is defined; report a second definition.

        A catalog's own rule (or bound) of a general one's id takes its place, to cite
        the catalog's own source, say.
        """
        first = self.seen.setdefault((kind, entry_id), where)
        if first is where:
            return True
        if first.file.startswith(STANDARD) and not where.file.startswith(STANDARD):
            self.seen[(kind, entry_id)] = where
            self.overridden.add((kind, entry_id))
            return True
        self.problem(
            where, f"duplicate {kind} id {entry_id!r}; first defined at {first.file}:{first.line}"
        )
        return False

    def check_bound(self, entry: BoundEntry, doc: LocatedDocument, path: Path_) -> Bound | None:
        """Check a bound's quantities, subjects and dimensions, like a rule's."""
        if not self.claim("bound", entry.id, doc.place(path, dotted((*path, "id")))):
            return None
        bound = Bound.of(entry, Origin(doc.file, doc.line(path) or 1, int(path[-1])))
        place = doc.place((*path, bound.limit))
        ok = True
        for quantity, where in (
            (entry.quantity, doc.place((*path, "quantity"))),
            (bound.ref.quantity, place),
        ):
            if quantity not in self.units:
                self.problem(where, f"bound {entry.id}: {self._unknown_quantity(quantity)}")
                ok = False
        for name in (*entry.subjects, *([bound.ref.subject] if bound.ref.subject else [])):
            if name not in self.catalog.subjects:
                self.problem(place, f"bound {entry.id}: unknown subject {name!r}")
                ok = False
        if not ok:
            return None
        mine, theirs = self.units[entry.quantity], self.units[bound.ref.quantity]
        if dimensionality(mine) != dimensionality(theirs):
            self.problem(
                place,
                f"bound {entry.id}: {entry.quantity} ({dimensionality(mine)}) "
                f"cannot be compared with {bound.ref.quantity} ({dimensionality(theirs)})",
            )
            return None
        return bound


def rules_digest(rules: RuleFolders | Path) -> str:
    """A digest of the rule files of `rules`: equal digests, equal rules."""
    digest = hashlib.sha256()
    for folder in RuleFolders.coerce(rules).folders:
        for path in catalog_files(folder) if folder.is_dir() else []:
            display = _display(folder, path)
            digest.update(display.encode() + b"\0" + read_file(path, display) + b"\0")
    return digest.hexdigest()


_Placed = TypeVar("_Placed", Rule, Bound)


def check_named(rules: RuleFolders) -> None:
    """Refuse (`RulesDirectoryMissing`) a named rule folder that is not there or holds no
    rule files, before anything else is done: even a load that finds nothing changed."""
    for folder in rules.named:
        if not folder.is_dir():
            raise RulesDirectoryMissing(
                f"no rules directory {folder}; name a directory of rule files (or leave "
                "--rules out for the product's rules and the catalog's own rules/ folder)"
            )
        if not catalog_files(folder):
            raise RulesDirectoryMissing(
                f"{folder} holds no rules; name a directory of rule files (a YAML file "
                "with `rules:` or `bounds:`)"
            )


def read_rules(rules: RuleFolders | Path, catalog: Catalog) -> RuleSet:
    """Read and check every rule file of `rules` against `catalog`.

    Raises `CatalogErrors` naming file, line and rule for every problem, and
    `RulesDirectoryMissing` for a folder that does not exist or a named one that
    holds no rules.
    """
    where = RuleFolders.coerce(rules)
    for folder in where.folders:
        if not folder.is_dir():
            raise RulesDirectoryMissing(
                f"no rules directory {folder}; name a directory of rule files (or leave "
                "--rules out for the product's rules and the catalog's own rules/ folder)"
            )
    checker = _RuleChecker(catalog)
    found: list[Rule] = []
    bounds: list[Bound] = []
    for folder in where.folders:
        before = len(found) + len(bounds)
        _read_folder(folder, checker, found, bounds)
        if folder in where.named and len(found) + len(bounds) == before and not checker.errors:
            raise RulesDirectoryMissing(
                f"{folder} holds no rules; name a directory of rule files (a YAML file "
                "with `rules:` or `bounds:`)"
            )
    found = _replaced(found, {i for k, i in checker.overridden if k == "rule"})
    bounds = _replaced(bounds, {i for k, i in checker.overridden if k == "bound"})
    checker.errors.extend(_computed_from_problems(catalog, {rule.id for rule in found}))
    if checker.errors:
        raise CatalogErrors(checker.errors)
    return RuleSet(tuple(found), rules_digest(where), tuple(bounds))


def _replaced(items: list[_Placed], overridden: set[str]) -> list[_Placed]:
    """Leave out the general rules (or bounds) whose id a catalog's own one took over."""
    kept = []
    for item in items:
        if item.id in overridden and item.origin.standard:
            continue
        kept.append(item)
    return kept


def _read_folder(
    folder: Path, checker: _RuleChecker, rules: list[Rule], bounds: list[Bound]
) -> None:
    """Read and check the rule files of one folder, adding to `rules` and `bounds`."""
    for path in catalog_files(folder):
        display = _display(folder, path)
        try:
            doc = read_located(path, display)
            parsed = RuleFile.model_validate(doc.data)
        except CatalogError as exc:
            checker.errors.append(exc)
            continue
        except ValidationError as exc:
            checker.errors.extend(
                validation_problems(doc, exc, lambda loc: tuple(RuleEntry.model_fields))
            )
            continue
        for i, entry in enumerate(parsed.rules):
            rule = checker.check(entry, doc, ("rules", i))
            if rule is not None:
                rules.append(rule)
        for i, bound_entry in enumerate(parsed.bounds):
            bound = checker.check_bound(bound_entry, doc, ("bounds", i))
            if bound is not None:
                bounds.append(bound)


def _computed_from_problems(catalog: Catalog, rule_ids: set[str]) -> list[CatalogError]:
    """A fact's `computed_from:` names facts of the catalog or rules of the rule set.

    Loaded without any rules (an empty rules directory), a name that is not a fact may
    be one of the catalog's rules: it cannot be told wrong, and rests on nothing.
    """
    problems: list[CatalogError] = []
    if not rule_ids:
        return problems
    for fact in catalog.facts.values():
        for name in fact.entry.computed_from:
            if name not in catalog.facts and name not in rule_ids:
                close = difflib.get_close_matches(name, [*catalog.facts, *rule_ids], n=1)
                hint = f"; did you mean {close[0]}?" if close else ""
                place = Place(fact.origin.file, fact.origin.line, "computed_from")
                problems.append(
                    CatalogError(
                        place,
                        f"fact {fact.entry.id}: computed_from names {name!r}, which is neither "
                        f"a fact nor a rule{hint}",
                    )
                )
    return problems
