"""The rules, one module per rules section. Every public function cites the rule IDs it implements."""
