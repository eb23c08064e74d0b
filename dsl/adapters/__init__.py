"""Adapters from compiled engines to other libraries, each an optional extra of the package.

    openspiel.py   every compiled game as an OpenSpiel (pyspiel) game: `pip install kurtyna[openspiel]`

Nothing else of Kurtyna imports these modules: the runtime and the compiler never need the
libraries they wrap (docs/openspiel.md).
"""
