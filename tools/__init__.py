"""Developer-only scripts (content authoring, golden files); never imported at run time."""
