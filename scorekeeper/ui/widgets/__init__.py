"""Widgets of the table screens."""
