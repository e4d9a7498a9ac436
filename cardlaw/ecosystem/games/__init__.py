"""Each game's binding for the adapters (:class:`cardlaw.ecosystem.base.Binding`)."""
