// Board profiles: reads boards/<name>.toml, validates it and starts the backends (issue 6).
