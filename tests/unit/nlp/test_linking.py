from __future__ import annotations

from nlp.linking import feature_mentions, file_mentions


def test_files_and_directories_but_not_urls_or_abbreviations() -> None:
    text = "See src/api/routes.py, docs/api-design.md and src/api/ (e.g. config.yaml), not https://x.io/a/b.py"
    assert file_mentions([text]) == ["src/api/routes.py", "docs/api-design.md", "src/api/", "config.yaml"]


def test_prose_alternatives_with_a_slash_are_not_paths() -> None:
    text = "The Chairperson/Secretary will check pros/cons and/or N/A items; /not/ now. Handlers live in `src/api`, ../shared/data too."
    assert file_mentions([text]) == ["src/api", "../shared/data"]
    assert file_mentions(["change docker/base.Dockerfile and deploy/app.conf"]) == ["docker/base.Dockerfile", "deploy/app.conf"]


def test_seed_000_pattern_extensions_still_match() -> None:
    assert file_mentions(["edit main.go, lib.rs, App.java, task.rb, index.ts and README.md"]) == [
        "main.go", "lib.rs", "App.java", "task.rb", "index.ts", "README.md",
    ]


def test_features_from_ticket_keys_and_feature_mentions() -> None:
    assert feature_mentions(['PLAT-42 ships feature "Dark mode" in epic Billing']) == ["PLAT-42", "Dark mode", "Billing"]


def test_a_path_in_a_script_written_without_spaces_stops_where_the_path_does() -> None:
    assert file_mentions(["前端页面是routes/index.vue文件", "我需要修改前端services/order.ts文件，现在让我们再查看hotel.ts"]) == [
        "routes/index.vue", "services/order.ts", "hotel.ts",
    ]
    # Prose of such a script around a credential pair leaves a bare a/b, which is no path.
    assert file_mentions(["默认账号admin/admin123，登录后修改"]) == []


def test_a_technology_written_with_js_is_no_file() -> None:
    assert file_mentions(["Install Node.js 20 and Vue.js; edit src/node.js and vite.config.js, keep `next.js`"]) == [
        "src/node.js", "vite.config.js", "next.js",
    ]
