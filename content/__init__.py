"""Question data and the code that loads and checks it."""
