"""Derivation rules and the engine that applies them (see the derivation issue)."""
