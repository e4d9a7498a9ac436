"""Helpers the per-game tests share: what the four games' tests would otherwise repeat."""
