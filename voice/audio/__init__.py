"""Sound shared by hearing and speaking: clips and WAV files, devices, the mic gate."""
