"""Command-line extensions: each module here has ``register(app)`` adding its commands."""
