package io.linestore.cli;

import picocli.CommandLine.IVersionProvider;

/** The version recorded in the jar's manifest by the build, for {@code --version}. */
public final class ManifestVersion implements IVersionProvider {

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
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        return new String[] {"linestore " + (version == null ? "(development build)" : version)};
    }
}
