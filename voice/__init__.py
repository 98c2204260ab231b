"""Everything that touches people: speech in, speech out, the dialogue and the CLI."""
