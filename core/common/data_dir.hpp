// Where the programs find the public data they ship (the source tree's data/ folder, or the
// kbc-explorer-data package): one search order for the CLI, the GUI and the reproductions.
#pragma once

#include <string>
#include <vector>

namespace kbcx {

/// One place the search for the data folder looks at.
struct DataPlace {
    std::string what; ///< "--data", "$KBCX_DATA", "source tree", "installed"
    std::string path;
};

/// The places searched, in order: `explicit_dir` (--data) when not empty, $KBCX_DATA when set,
/// the data/ folder of the source tree this program was built from (only while the program runs
/// from its build folder, so an installed copy never reads a checkout), and the installed data
/// (share/kbc-explorer/data beside the program's bin/, then /usr/share/kbc-explorer/data).
std::vector<DataPlace> data_places(const std::string& explicit_dir);

/// The data folder: `explicit_dir` or $KBCX_DATA when given (an error if it is not a folder),
/// else the first of data_places() that is one. Throws InputError naming every place it looked
/// at when there is none.
std::string find_data_dir(const std::string& explicit_dir = {});

/// `dir/rel`, or `dir/rel.gz` when only the compressed file is there (the shipped files are
/// gzip-compressed; every reader reads .gz). Returns `dir/rel` when neither exists, so the error
/// that follows names the file asked for.
std::string data_file(const std::string& dir, const std::string& rel);

} // namespace kbcx
