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
 * {@code --version}: the version and commit the build recorded in the jar's manifest, the Java
 * runtime that runs it, and the codecs it decodes with and whether each works here.
 */
public final class ManifestVersion implements IVersionProvider {

    /** The manifest attribute holding the commit the jar was built from. */
    static final String COMMIT = "Linestore-Commit";

    /** Made by picocli. */
    public ManifestVersion() {
    }

    /**
     * Returns the lines.
     *
     * @return {@code linestore VERSION (commit C)} ({@code linestore (development build)} outside a
     *     jar), {@code runtime: Java V (VENDOR), HOME}, then one line per codec
     */
    @Override
    public String[] getVersion() {
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        String commit = commit();
        List<String> lines = new ArrayList<>();
        lines.add("linestore " + (version == null ? "(development build)" : version)
                + (commit == null ? "" : " (commit " + commit + ")"));
        lines.add("runtime: Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                + System.getProperty("java.home"));
        LineStores.codecs().forEach(codec -> lines.add("codec " + codec));
        return lines.toArray(String[]::new);
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
