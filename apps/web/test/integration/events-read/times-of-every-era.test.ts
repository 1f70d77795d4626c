// Times of every era, read and written in a UTC session (see the suite).
await import('./times-of-every-era.suite')
