"""Every model module, imported so that `Base.metadata` knows every table."""

from db import derived_models, load_state_models, models

__all__ = ["derived_models", "load_state_models", "models"]
