// The read endpoints answered from the in-memory event index, as they are by default.
import './read-endpoints.suite'
