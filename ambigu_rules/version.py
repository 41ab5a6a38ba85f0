"""The package's version: the one place it is written.

``pyproject.toml`` reads it from here (``[tool.setuptools.dynamic]``), so the
wheel's metadata, ``ambigu --version`` and ``ambigu_rules.__version__`` agree.
"""

__version__ = "0.1.0"
