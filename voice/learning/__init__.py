"""Learning: player profiles, level fitting, progress reports, teacher word lists, and
pronunciation help for learners. Above hosting (profiles live beside the saves)."""
