"""Goodwill: rulebook examples, every rule, hidden information, conformance."""
