# `cmake --install build --prefix DIR` (README.md, "Install and embed"): the binary, the library with its headers
# and a CMake package (`find_package(warpsim)`, target warpsim::warpsim), the data the binary reads
# (common/data_paths.h) and the Python module when built. Included from the top-level CMakeLists.
option(WARPSIM_INSTALL "Generate warpsim's install rules (off by default inside another project)" ${PROJECT_IS_TOP_LEVEL})
if(NOT WARPSIM_INSTALL)
  return()
endif()
include(CMakePackageConfigHelpers)
set(WARPSIM_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/warpsim")

install(TARGETS warpsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS warpsim_lib EXPORT warpsimTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Headers keep the layout of sim/, so that `#include "device/simulate.h"` works as in the tree;
# those of the command line, the Python module and the optional parts not built stay out.
set(_header_excludes PATTERN "cli" EXCLUDE PATTERN "python" EXCLUDE PATTERN "cmake" EXCLUDE)
if(NOT WARPSIM_HAVE_SIMGRID)
  list(APPEND _header_excludes PATTERN "simgrid" EXCLUDE)
endif()
if(NOT WARPSIM_HAVE_MPI)
  list(APPEND _header_excludes PATTERN "mpi" EXCLUDE)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/sim/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/warpsim
        FILES_MATCHING PATTERN "*.h" ${_header_excludes})

# Every file data_dir() users read: configs, workloads, the plot scripts of `validate`'s figures,
# the validation cases, measurements and their YAML tables, and the microbenchmark suite's runs.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/hw_configs ${PROJECT_SOURCE_DIR}/workloads ${PROJECT_SOURCE_DIR}/plots
        DESTINATION ${WARPSIM_INSTALL_DATADIR} PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/validation/cases ${PROJECT_SOURCE_DIR}/validation/measurements
        DESTINATION ${WARPSIM_INSTALL_DATADIR}/validation)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/validation/microbench/results
        DESTINATION ${WARPSIM_INSTALL_DATADIR}/validation/microbench)
file(GLOB _validation_tables ${PROJECT_SOURCE_DIR}/validation/*.yaml)
install(FILES ${_validation_tables} DESTINATION ${WARPSIM_INSTALL_DATADIR}/validation)

install(EXPORT warpsimTargets NAMESPACE warpsim:: DESTINATION ${WARPSIM_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/warpsimConfig.cmake.in ${PROJECT_BINARY_DIR}/warpsimConfig.cmake
                              INSTALL_DESTINATION ${WARPSIM_INSTALL_CMAKEDIR} PATH_VARS WARPSIM_INSTALL_DATADIR)
# 0.x: a new minor version may change the library's interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/warpsimConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/warpsimConfig.cmake ${PROJECT_BINARY_DIR}/warpsimConfigVersion.cmake
        DESTINATION ${WARPSIM_INSTALL_CMAKEDIR})

if(TARGET warpsim_python)
  install(TARGETS warpsim_python LIBRARY DESTINATION ${WARPSIM_INSTALL_PYTHONDIR})
endif()
