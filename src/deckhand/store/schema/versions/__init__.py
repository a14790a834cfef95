"""One module per revision, oldest first."""
