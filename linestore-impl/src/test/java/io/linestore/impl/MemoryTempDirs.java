package io.linestore.impl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AnnotatedElementContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDirFactory;

/**
 * Temporary folders in memory ({@code /dev/shm}) where the machine has a writable one, else in
 * {@code java.io.tmpdir}: for the tests that build thousands of tiny stores, whose time on a disk's
 * file system goes to creating, syncing and deleting files rather than to the reads they check.
 * Used as {@code @TempDir(factory = MemoryTempDirs.class)}; JUnit deletes the folder as usual.
 */
final class MemoryTempDirs implements TempDirFactory {

    private static final Path MEMORY = Path.of("/dev/shm");

    @Override
    public Path createTempDirectory(AnnotatedElementContext elementContext, ExtensionContext extensionContext)
            throws IOException {
        Path parent = Files.isDirectory(MEMORY) && Files.isWritable(MEMORY) ? MEMORY
                : Path.of(System.getProperty("java.io.tmpdir"));
        return Files.createTempDirectory(parent, "linestore-test-");
    }
}
