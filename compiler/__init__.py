"""The Kurtyna compiler: loading, checking, resolving, lowering, backends and the CLI."""
