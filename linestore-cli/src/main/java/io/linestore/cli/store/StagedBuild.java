package io.linestore.cli.store;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.BuildSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Builds a store in a hidden sibling directory ({@code .NAME.building-*}) and moves it to its
 * place only once the build succeeded, so a failed or interrupted build never leaves a half store
 * at the target and never destroys the store it was meant to replace.
 *
 * <p>Replacing renames the old store aside, renames the new one in, then deletes the old one; for
 * the moment between the two renames the path holds no store. Only a directory that is a store
 * (it has a {@value #MANIFEST}) or an empty directory is ever replaced: anything else at the
 * target is refused, so a mistyped path cannot delete a user's files.
 */
public final class StagedBuild {

    /** The file whose presence makes a directory a store (see the store format in docs/design.md). */
    static final String MANIFEST = "manifest.json";

    private StagedBuild() {
    }

    /**
     * Builds {@code store} through a staging directory.
     *
     * @param store the store's directory
     * @param replace whether an existing store at {@code store} may be replaced
     * @param build builds a store into the (empty) directory it is given
     * @return what {@code build} returned
     * @throws TargetExistsException if something is at {@code store} that may not be replaced
     * @throws UncheckedIOException if the staging directory cannot be made or moved
     */
    public static BuildSummary run(Path store, boolean replace, Function<Path, BuildSummary> build) {
        Path target = store.toAbsolutePath().normalize();
        boolean existing = checkTarget(target, replace);
        Path staging = createStaging(target);
        Thread cleanup = Thread.ofPlatform().unstarted(() -> deleteQuietly(staging));
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            BuildSummary summary = build.apply(staging);
            moveIntoPlace(staging, target, existing);
            return summary;
        } finally {
            deleteQuietly(staging);
            Runtime.getRuntime().removeShutdownHook(cleanup);
        }
    }

    /** Returns whether a replaceable directory is at the target. */
    private static boolean checkTarget(Path target, boolean replace) {
        if (!Files.exists(target)) {
            return false;
        }
        if (isEmptyDirectory(target)) {
            return true;
        }
        if (!Files.isRegularFile(target.resolve(MANIFEST))) {
            throw new TargetExistsException(target + " exists and is not a linestore store; not replacing it");
        }
        if (!replace) {
            throw new TargetExistsException("store " + target + " already exists; pass --force to replace it");
        }
        return true;
    }

    private static boolean isEmptyDirectory(Path path) {
        if (!Files.isDirectory(path)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path createStaging(Path target) {
        try {
            Files.createDirectories(target.getParent());
            return Files.createDirectory(sibling(target, "building"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A hidden name next to the target, unique to this process. Not {@code createTempDirectory}:
     * that makes the directory private (0700), and the store would keep those permissions.
     */
    private static Path sibling(Path target, String purpose) {
        return target.resolveSibling("." + target.getFileName() + "." + purpose + "-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime());
    }

    private static void moveIntoPlace(Path staging, Path target, boolean existing) {
        try {
            if (!existing) {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                return;
            }
            Path old = sibling(target, "replaced");
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
                throw e;
            }
            deleteQuietly(old);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Best effort: a leftover hidden directory is untidy, but must not hide the real outcome. */
    private static void deleteQuietly(Path directory) {
        try {
            MoreFiles.deleteRecursively(directory, RecursiveDeleteOption.ALLOW_INSECURE);
        } catch (IOException ignored) {
            // Already gone (moved into place), or partly deleted while being written.
        }
    }
}
