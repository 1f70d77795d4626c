// Events at one place, answered from the in-memory event index, as they are by default.
import './events-at-one-place.suite'
