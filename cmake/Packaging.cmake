# CPack: `cpack -G DEB` in a build folder (the release preset's, for users) makes pdo_<version>_<arch>.deb
# from the install rules (cmake/Install.cmake). Library dependencies come from dpkg-shlibdeps (dpkg-dev);
# git and libcurl (loaded only by `pdo check --online`) are recommended, not required.
set(CPACK_PACKAGE_NAME pdo)
set(CPACK_PACKAGE_VENDOR "pdo")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "git-backed study workspace for the PyTorch Distributed Overview course")
set(CPACK_PACKAGE_DESCRIPTION
    "pdo lays out a study workspace for the 17-lesson PyTorch Distributed Overview course (or any course file), \
records every study step as a git commit, checks the environment, and keeps API keys out of the repository \
with git hooks. Messages are in Chinese by default (--lang en for English).")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://docs.pytorch.org/tutorials/beginner/dist_overview.html")
set(CPACK_STRIP_FILES ON)
set(PDO_PACKAGE_CONTACT "pdo maintainers <maintainers@users.noreply.a-seed-8ca8722b.example>" CACHE STRING "Maintainer field of the .deb")
set(CPACK_PACKAGE_CONTACT "${PDO_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "git, libcurl4")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion, pre-commit")
set(CPACK_GENERATOR DEB)
include(CPack)
