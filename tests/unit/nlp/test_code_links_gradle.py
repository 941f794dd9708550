"""Gradle builds that declare their libraries in a version catalog (``gradle/libs.versions.toml``)
and name them in each module's build script by alias (``implementation(libs.assertk)``)."""

from __future__ import annotations

from pathlib import Path

from nlp.code_links.infer import library_links
from nlp.code_links.libraries import Library, chosen_libraries, decided_libraries, ecosystem_of, import_names
from nlp.code_links.manifests import catalog_aliases, catalog_dependencies, catalog_name, dependencies, is_manifest
from nlp.code_links.model import DecisionText
from nlp.code_links.view import read_view
from tests.support.git import git

CATALOG = """\
[versions]
assertk = "0.28.1"

[libraries]
assertk = { module = "com.willowtreeapps.assertk:assertk-jvm", version.ref = "assertk" }
androidx-core-ktx = "androidx.core:core-ktx:1.13.1"
koin_android = { group = "io.insert-koin", name = "koin-android", version = "3.5.6" }
broken = { version = "1.0" }

[bundles]
shared-test = ["assertk", "koin_android", "not-a-library"]
"""


def test_a_version_catalog_declares_its_libraries_by_maven_coordinates() -> None:
    assert is_manifest("gradle/libs.versions.toml") and catalog_name("gradle/libs.versions.toml") == "libs"
    assert catalog_name("gradle/build.toml") is None
    assert dependencies("gradle/libs.versions.toml", CATALOG) == [
        "com.willowtreeapps.assertk:assertk-jvm", "androidx.core:core-ktx", "io.insert-koin:koin-android"]
    assert ecosystem_of("gradle/libs.versions.toml") == "java"
    # An alias's separators are dots in a build script; a bundle stands for its libraries.
    aliases = catalog_aliases(CATALOG)
    assert aliases["androidx.core.ktx"] == ("androidx.core:core-ktx",)
    assert aliases["bundles.shared.test"] == ("com.willowtreeapps.assertk:assertk-jvm", "io.insert-koin:koin-android")
    assert dependencies("gradle/libs.versions.toml", "not [valid toml") == []


def test_a_build_script_declares_what_it_takes_from_a_catalog() -> None:
    script = """
        dependencies {
            implementation(libs.androidx.core.ktx)
            testImplementation(libs.assertk.get())
            implementation(libs.bundles.shared.test)
            implementation(libs.versions.assertk)   // a version, no library
            implementation(other.assertk)           // a catalog this build has not
            implementation(mylibs.assertk)
        }
    """
    found = catalog_dependencies(script, {"libs": catalog_aliases(CATALOG)})
    assert found == ["androidx.core:core-ktx", "com.willowtreeapps.assertk:assertk-jvm",
                     "com.willowtreeapps.assertk:assertk-jvm", "io.insert-koin:koin-android"]
    # A convention plugin's script is a build script too; settings are not.
    assert is_manifest("build-plugin/src/main/kotlin/app.library.gradle.kts")
    assert not is_manifest("settings.gradle.kts")


def test_a_kotlin_library_is_imported_by_its_product_when_its_group_ends_in_it() -> None:
    assertk = Library("com.willowtreeapps.assertk:assertk-jvm", "java", ())
    assert import_names(assertk) == ("com.willowtreeapps.assertk", "assertk")
    # A group whose last part is a generic word is imported by the group alone.
    assert import_names(Library("org.example.core:core-utils", "java", ())) == ("org.example.core",)
    assert import_names(Library("org.example:other", "java", ())) == ("org.example",)


def test_a_title_that_switches_from_one_library_to_another_takes_up_the_second() -> None:
    libraries = [Library("com.willowtreeapps.assertk:assertk-jvm", "java", ()), Library("com.google.truth:truth", "java", ())]
    assert [lib.name for lib in chosen_libraries("Switch test assertions from Truth to assertk", libraries)] == [
        "com.willowtreeapps.assertk:assertk-jvm"]
    assert [lib.name for lib in decided_libraries("We will migrate from Truth to assertk.", libraries)] == [
        "com.willowtreeapps.assertk:assertk-jvm"]


def test_a_decision_on_a_catalog_library_governs_the_modules_that_declare_and_import_it(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    for folder in ("gradle", "core/src/test/kotlin", "mail/src/test/kotlin", "app"):
        (repo / folder).mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "gradle" / "libs.versions.toml").write_text(CATALOG)
    (repo / "core" / "build.gradle.kts").write_text("dependencies {\n    testImplementation(libs.assertk)\n}\n")
    (repo / "mail" / "build.gradle.kts").write_text("dependencies {\n    implementation(libs.androidx.core.ktx)\n}\n")
    (repo / "core" / "src/test/kotlin" / "CoreTest.kt").write_text("import assertk.assertThat\n\nclass CoreTest\n")
    (repo / "mail" / "src/test/kotlin" / "MailTest.kt").write_text("import org.junit.Test\n\nclass MailTest\n")
    (repo / "app" / "Main.kt").write_text("fun main() {}\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "start")
    view = read_view(repo, ["docs/adr/"])
    decision = DecisionText("a", "Switch test assertions from Truth to assertk", "We use assertk in every test.")
    paths = {link.path for link in library_links([decision], view)}
    assert paths == {"gradle/libs.versions.toml", "core/build.gradle.kts", "core/src/test/kotlin/CoreTest.kt"}
