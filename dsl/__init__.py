"""The Kurtyna effect language: grammar, schemas, syntax tree, and the runtime engines import."""
