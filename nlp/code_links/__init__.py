"""Links from decisions to the code they govern, inferred from what a repository shows:
the commits around a decision's document, commit messages naming it, the libraries it
chooses in the manifests and imports, the components it names among the directories."""
