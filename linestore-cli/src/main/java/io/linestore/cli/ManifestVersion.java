package io.linestore.cli;

import io.linestore.LineStores;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import picocli.CommandLine.IVersionProvider;

/**
 * The version for {@code --version}. picocli asks a command's version provider for its lines whenever
 * it builds the model (subcommands inherit them), so {@link #getVersion} gives the one cheap line;
 * {@link #describe} gives what {@code --version} prints (the execution strategy prints it): the version and
 * commit the build recorded in the jar's manifest, the Java runtime that runs it, and the codecs it
 * decodes with and whether each works here.
 */
public final class ManifestVersion implements IVersionProvider {

    /** The manifest attribute holding the commit the jar was built from. */
    static final String COMMIT = "Linestore-Commit";

    /** Made by picocli. */
    public ManifestVersion() {
    }

    /**
     * Returns the version line.
     *
     * @return {@code linestore VERSION}, or {@code linestore (development build)} outside a jar
     */
    @Override
    public String[] getVersion() {
        return new String[] {versionLine()};
    }

    /**
     * What {@code --version} prints; loads the native libraries of the codecs to say whether they work.
     *
     * @return {@code linestore VERSION (commit C)}, {@code runtime: Java V (VENDOR), HOME}, then one line
     *     per codec
     */
    static List<String> describe() {
        String commit = commit();
        List<String> lines = new ArrayList<>();
        lines.add(versionLine() + (commit == null ? "" : " (commit " + commit + ")"));
        lines.add("runtime: Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                + System.getProperty("java.home"));
        LineStores.codecs().forEach(codec -> lines.add("codec " + codec));
        return lines;
    }

    private static String versionLine() {
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        return "linestore " + (version == null ? "(development build)" : version);
    }

    /** The commit in the manifest of the jar holding this class, or {@code null}. */
    private static String commit() {
        CodeSource source = ManifestVersion.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            return null;
        }
        try {
            Path jar = Path.of(source.getLocation().toURI());
            if (!jar.toString().endsWith(".jar")) {
                return null;
            }
            try (JarFile file = new JarFile(jar.toFile())) {
                String commit = file.getManifest() == null ? null
                        : file.getManifest().getMainAttributes().getValue(new Attributes.Name(COMMIT));
                // Built outside a git checkout: the build left its expression unresolved.
                return commit == null || commit.startsWith("${") ? null : commit;
            }
        } catch (IOException | URISyntaxException | SecurityException e) {
            return null;
        }
    }
}
