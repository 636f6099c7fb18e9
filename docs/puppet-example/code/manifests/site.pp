# The node's classes.
node 'web01.example.com' {
  include web
}
