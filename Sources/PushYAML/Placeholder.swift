// Placeholder until the target has sources.
