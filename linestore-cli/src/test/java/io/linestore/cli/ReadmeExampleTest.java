package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The README's library section shows the example project's own program and dependencies
 * (examples/library, which {@code ./mvnw verify} builds and runs against this build's artifacts),
 * so the README cannot drift from code that is known to work.
 */
class ReadmeExampleTest {

    private static final Path ROOT = Path.of("..");
    private static final Path EXAMPLE = ROOT.resolve("examples/library");
    private static final String VERSION = System.getProperty("linestore.version");

    private final Readme readme = Readme.of(ROOT);

    @Test
    void javaExampleIsTheExampleProjectsProgram() throws IOException {
        String program = Files.readString(EXAMPLE.resolve("src/main/java/io/linestore/example/ReadNumbers.java"));

        assertThat(readme.fencedBlocks("java")).containsExactly(program);
    }

    @Test
    void mavenSnippetIsTheExampleProjectsDependenciesAtThisVersion() throws IOException {
        String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
        String end = "</dependencies>\n";
        String dependencies = pom.substring(pom.indexOf("  <dependencies>"), pom.indexOf(end) + end.length())
                .lines()
                .map(line -> line.substring(2))
                .collect(Collectors.joining("\n", "", "\n"))
                .replace("${linestore.version}", VERSION);

        assertThat(VERSION).isNotBlank();
        assertThat(readme.fencedBlocks("xml")).containsExactly(dependencies);
    }

    @Test
    void gradleSnippetNamesTheSameArtifactsAtThisVersion() {
        assertThat(readme.fencedBlocks("kotlin")).singleElement().asString()
                .contains("implementation(\"io.linestore:linestore-api:" + VERSION + "\")")
                .contains("runtimeOnly(\"io.linestore:linestore-impl:" + VERSION + "\")");
    }
}
