"""The test suite, a package: helpers have plain names (``tests.basra.helpers``) and test files need not be unique."""
