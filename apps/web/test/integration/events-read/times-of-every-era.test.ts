// Times of every era, read and written in a UTC session (see the suite).
import './times-of-every-era.suite'
